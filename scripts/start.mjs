// `npm start`: builds what is missing or stale (scripts/build.mjs), then runs the compiled API
// server in this process (decision 060): one process, so signals reach the server directly.
// WEB_DIST_DIR names a web build of one's own, so then the web app is not built here.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, outputs, rootDir } from './build.mjs';

build(process.env.WEB_DIST_DIR ? ['server'] : ['web', 'server'], { ifStale: true });

// Relative settings (DATA_DIR=./data) mean what they meant under `npm run start -w @logi/server`.
const serverDir = path.join(rootDir, 'apps/server');
process.chdir(serverDir);
await import(pathToFileURL(path.join(rootDir, outputs.server.output)).href);
