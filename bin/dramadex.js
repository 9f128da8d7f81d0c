#!/usr/bin/env node
// The operator command line; the TypeScript sources are compiled to dist/ by `npm install` (prepare).
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
