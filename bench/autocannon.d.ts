// The few parts of autocannon's API the bench and the load test use (the package ships no types).
declare module 'autocannon' {
  function autocannon(options: autocannon.Options, callback: (error: Error | null, result: autocannon.Result) => void): autocannon.Instance;
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
      /** Built in turn for every request; `setupRequest` may rewrite one before it is sent. */
      requests?: Array<{ setupRequest?: <R extends { body?: string | Buffer }>(request: R) => R }>;
      /** Called with each connection's client as it is made. */
      setupClient?: (client: Client) => void;
    }
    interface Client {
      /** Closes the connection for good: it sends no further request. */
      destroy(): void;
    }
    interface Instance {
      /** Ends the run early; the callback still gets the result so far. */
      stop(): void;
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
