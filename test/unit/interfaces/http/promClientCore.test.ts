import { expect } from 'chai';
import * as promClient from 'prom-client';
import { Counter, Gauge, Histogram, Registry } from '../../../../src/interfaces/http/promClientCore';

describe('promClientCore (prom-client metric classes without its index)', () => {
  it("are the index's own classes, so metrics built from either merge and scrape alike", async () => {
    expect([Registry, Counter, Gauge, Histogram]).to.deep.equal([promClient.Registry, promClient.Counter, promClient.Gauge, promClient.Histogram]);
    const registry = new Registry();
    new Counter({ name: 'core_total', help: 'h', registers: [registry] }).inc();
    expect(await promClient.Registry.merge([registry, new promClient.Registry()]).metrics()).to.contain('core_total 1');
  });
});
