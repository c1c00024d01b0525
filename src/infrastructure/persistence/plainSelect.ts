import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/** Writes a column of the entity by its property name, and the n-th (0-based) parameter, as the store's dialect does. */
export interface SelectWriter<Entity> {
  column(property: keyof Entity & string): string;
  parameter(index: number): string;
}

/**
 * A SELECT of every column of `entity`, each named as its property (so the
 * rows read as entities), followed by `rest` (WHERE, ORDER BY) written from
 * property names. Written once by the caller and run with
 * `dataSource.query`: on the per-request reads (a client's secret check, the
 * revocation feed's changes) building the query through a repository cost as
 * much CPU as running it.
 */
export function plainSelect<Entity extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<Entity>, rest: (sql: SelectWriter<Entity>) => string): string {
  const { driver } = dataSource;
  const metadata = dataSource.getMetadata(entity);
  const writer: SelectWriter<Entity> = {
    column: (property) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (column === undefined) throw new RangeError(`${metadata.name} has no column ${property}`);
      return driver.escape(column.databaseName);
    },
    parameter: (index) => driver.createParameter(`p${index}`, index),
  };
  const columns = metadata.columns.map((column) => `${driver.escape(column.databaseName)} AS ${driver.escape(column.propertyName)}`);
  return `SELECT ${columns.join(', ')} FROM ${driver.escape(metadata.tableName)} ${rest(writer)}`;
}
