#!/usr/bin/env node
// `npm run dev`: the API with reload (tsx watch) on API_PORT (3000) and Vite's dev server with hot
// module reload on 5173, proxying /api to the API. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? process.env.PORT ?? '3000';
const procs = [
  spawn('npm', ['run', 'dev', '-w', '@klase/api'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort } }),
  spawn('npm', ['run', 'dev', '-w', '@klase/web'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
console.log(`Klase dev: open http://127.0.0.1:5173 (API on ${apiPort})`);
