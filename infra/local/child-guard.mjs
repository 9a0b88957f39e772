// Runs one command and ends it when the local stack that started it goes away, even if the stack was killed
// with SIGKILL and could not clean up: the stack holds this process's stdin open, so EOF on stdin means "parent
// gone". Plain JavaScript so it starts in milliseconds without a TypeScript loader. Usage:
//   node child-guard.mjs <command> [args...]
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 3000).unref();
}

process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('error', (error) => {
  console.error(`cannot start ${command}: ${error.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
