#!/usr/bin/env node
// The operator command line; the TypeScript sources are compiled to dist/ by `npm install` (prepare).
import { keepTickObjectShape } from '../dist/src/boot/tick-object-shape.js';

// Before anything else is loaded: see tick-object-shape.ts (a V8 slow path that half of all processes hit).
keepTickObjectShape();
const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv.slice(2));
