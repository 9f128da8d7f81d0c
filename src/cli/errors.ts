/** A command failure whose message is the one line the operator sees. */
export class CliError extends Error {}
