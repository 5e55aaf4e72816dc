// `npm run dev`: the API with reload on change, and Vite's dev server proxying to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@snapdrama/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@snapdrama/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
