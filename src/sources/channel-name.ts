/** A channel's public name: what `t.me/<name>` takes (a letter, then letters, digits, underscores; 4 to 32). */
export const CHANNEL_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
