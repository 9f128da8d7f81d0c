/** `dramadex` for the tests' child processes: the same main() the bin runs, from source or dist. */
import { main } from '../../src/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
