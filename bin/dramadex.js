#!/usr/bin/env node
// The operator command line; the TypeScript sources are compiled to dist/ by `npm install` (prepare).
import module from 'node:module';

// Node's on-disk cache of compiled modules (Node 22.1+, in the system's temporary directory): a start
// after the first compiles less, about 80 ms of the catalogue thread's start-up (docs/deployment.md).
module.enableCompileCache?.();

const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
