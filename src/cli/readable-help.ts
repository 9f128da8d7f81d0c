/**
 * `--help` as a person would write it: Commander prints an option's default as JSON (`(default: "60")`,
 * `(default: [])`, `(default: "")`), which reads as code. Here a default reads as plain text (`(default:
 * 60)`), and an empty one, which means "none", is not shown at all.
 */
import type { Command, Option } from 'commander';

/** Applies to `command` and every command under it; call once all are registered. */
export function useReadableHelp(command: Command): void {
  command.configureHelp({
    optionDescription: (option) => {
      const shown = readableDefault(option);
      return shown === undefined ? option.description : `${option.description} (default: ${shown})`;
    },
  });
  for (const sub of command.commands) useReadableHelp(sub);
}

export function readableDefault(option: Pick<Option, 'defaultValue' | 'defaultValueDescription'>): string | undefined {
  if (option.defaultValueDescription) return option.defaultValueDescription;
  const value: unknown = option.defaultValue;
  if (value === undefined || value === '' || typeof value === 'boolean') return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.join(', ');
  return String(value);
}
