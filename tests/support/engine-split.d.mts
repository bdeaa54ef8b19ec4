export declare const BOTH_ENGINES: readonly string[];
export declare const PGLITE_ONLY: readonly string[];
export declare const POSTGRES_ONLY: readonly string[];
export declare function filesElsewhere(engine: 'pglite' | 'postgres', split: boolean): string[];
