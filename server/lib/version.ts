import packageJson from '../../package.json' with { type: 'json' };

/** package.json's version (bundled into dist/server/main.js by esbuild). */
export const APP_VERSION: string = packageJson.version;
