// The few parts of autocannon's API the bench and the load test use (the package ships no types).
declare module 'autocannon' {
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): unknown;
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number | string;
      amount?: number;
      timeout?: number;
    }
    interface Histogram {
      p50: number;
      p99: number;
      average: number;
    }
    interface Result {
      latency: Histogram;
      requests: Histogram & { total: number };
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
    }
  }
  export = autocannon;
}
