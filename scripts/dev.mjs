// npm run dev: the API with reload on change (port 3000) and Vite's dev server with hot reload (port 5173, proxies /api).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--watch',
      '--watch-path=packages/server/src',
      '--watch-path=packages/domain/src',
      'packages/server/src/main.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn('npm', ['run', 'dev', '-w', '@b2b/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
