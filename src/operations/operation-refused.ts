/**
 * A request an operation turns down before changing anything (a bad link, an unknown source): its message
 * is written for the operator, so the command line prints it as its one-line reason and the console shows
 * it on the page, in the same words.
 */
export class OperationRefused extends Error {}
