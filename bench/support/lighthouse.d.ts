// The part of Lighthouse's API the web benchmark uses. Lighthouse is an optional dependency that
// npm leaves out under a Node older than its engines (22.19): declared here, the type check needs
// it neither installed nor of one version.
declare module 'lighthouse' {
  export interface Flags {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
  }
  export interface Result {
    lhr: {
      runtimeError?: { code: string };
      categories: Record<string, { score: number | null } | undefined>;
      audits: Record<string, { numericValue?: number } | undefined>;
      environment: { benchmarkIndex: number };
    };
  }
  function lighthouse(url: string, flags: Flags): Promise<Result | undefined>;
  export default lighthouse;
}
