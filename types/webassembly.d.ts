// The part of WebAssembly's JavaScript interface that Broadside uses, for code compiled without
// the DOM library (the main process, the CLI, core); the renderer's build has the DOM's own.

declare namespace WebAssembly {
  interface MemoryDescriptor {
    initial: number;
    maximum?: number;
    shared?: boolean;
  }
  class Memory {
    constructor(descriptor: MemoryDescriptor);
    readonly buffer: ArrayBuffer | SharedArrayBuffer;
    /** Grows by `pages` of 64 KiB; returns the size before, in pages. */
    grow(pages: number): number;
  }
  class Module {
    constructor(bytes: Uint8Array);
  }
  type Exports = Record<string, unknown>;
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Exports;
  }
}
