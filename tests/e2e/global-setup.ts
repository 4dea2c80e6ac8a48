import { execSync } from 'node:child_process';

/** e2e tests run the built console and server, as `npm start` does. */
export default function setup(): void {
  execSync('npm run build', { stdio: 'inherit' });
}
