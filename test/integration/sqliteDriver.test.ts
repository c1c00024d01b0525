import { expect } from 'chai';
import { inspect } from 'node:util';
import { DataSource, QueryFailedError } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';

describe('the SQLite driver TypeORM is given', () => {
  it("keeps a query's bound values out of the driver's errors (sqlite3's verbose mode stays off)", async () => {
    const dataSource = await new DataSource(dataSourceOptions('sqlite::memory:')).initialize();
    try {
      const failed = await dataSource.query('SELECT * FROM no_such_table WHERE secret = ?', ['bound-secret-value']).then(
        () => null,
        (error: QueryFailedError) => error,
      );
      expect(failed).to.be.instanceOf(QueryFailedError);
      const driverError = failed!.driverError as Error;
      expect(driverError.message).to.contain('no such table: no_such_table');
      // TypeORM keeps `query` and `parameters` on its own error; the driver's error carries neither.
      expect(inspect(driverError)).not.to.contain('bound-secret-value');
      expect(driverError.stack).not.to.contain('--> in Database#');
    } finally {
      await dataSource.destroy();
    }
  });
});
