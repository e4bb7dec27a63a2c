// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    /** Ends the run after this many requests, or at `duration`, whichever comes first. */
    maxOverallRequests?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p97_5: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
