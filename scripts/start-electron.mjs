// `npm start`: launch the desktop app, or say in one line why it cannot run here.
import { spawn } from 'node:child_process';
import { electronBinary } from './electron-binary.mjs';

const binary = electronBinary();
if (!binary) {
  console.error('The Electron binary is not available on this machine (it cannot be downloaded here); run `npm run web` to use the same app in your browser.');
  process.exit(1);
}
const child = spawn(binary, ['.'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
