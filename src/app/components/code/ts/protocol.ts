// What the editor asks the TypeScript worker (tsWorker.ts); positions are the script's own.
export interface ScriptLint {
  from: number;
  to: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  source: string;
}

export interface ScriptCompletion {
  from: number;
  options: { label: string; type?: string; boost?: number }[];
}

export interface ScriptHover {
  from: number;
  to: number;
  /** The type, as TypeScript writes it. */
  text: string;
  /** Its documentation comment. */
  doc: string;
}

export interface ScriptService {
  /** Sets a script's text; a path is /<kind>/<n>.js. */
  update(path: string, code: string): Promise<void>;
  lint(path: string): Promise<ScriptLint[]>;
  complete(path: string, pos: number, explicit: boolean): Promise<ScriptCompletion | null>;
  hover(path: string, pos: number): Promise<ScriptHover | null>;
  /** The editor closed: its script no longer counts. */
  forget(path: string): Promise<void>;
}
