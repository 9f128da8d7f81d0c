#!/usr/bin/env node
// The operator command line; the TypeScript sources are compiled to dist/ by `npm install` (prepare).
import module from 'node:module';
import { restartWithYoungGenerationFlags } from '../dist/src/boot/young-generation-flags.js';

// `serve`, `mirror` and `sources` run with a capped young generation, which Node fixes at process start:
// this replaces the process (same id) with one started with it, before anything is loaded (young-generation-flags.ts).
restartWithYoungGenerationFlags();

// Node's on-disk cache of compiled modules (Node 22.1+, in the system's temporary directory): a start
// after the first compiles less, about 80 ms of the catalogue thread's start-up (docs/deployment.md).
module.enableCompileCache?.();

const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
// A failed command has printed its one line; should anything it opened still be open (a start-up that
// failed part-way through building the services), it must not keep the process up without serving:
// a container would sit "Up" and never restart (docs/deployment.md, "Start-up failures").
if (process.exitCode) setTimeout(() => process.exit(), 3000).unref();
