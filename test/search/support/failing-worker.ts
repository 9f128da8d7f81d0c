/** A search worker that can never start: it throws as it loads, as a broken build would. */
throw new Error('this worker cannot start');

export {};
