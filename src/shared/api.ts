// The contract between the renderer and the main process. For now it holds only what the preload
// exposes as `window.broadside`; the typed methods (and their runtime schemas) are added here.

export interface BroadsideApi {
  /** The app version, from package.json at build time. */
  readonly version: string;
}
