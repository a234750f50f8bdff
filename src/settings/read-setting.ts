import { SETTINGS, type SettingName, type SettingNameOf } from './catalog.js';
import { ConfigError } from './config-error.js';

/** The process environment, or a test's stand-in for it. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The only way Tracewell reads an environment variable: `name` must be declared in the catalog, so
 * every variable read is documented in docs/configuration.md. Free-text settings are parsed by their
 * area's loader, which knows their syntax.
 */
export function readSetting(env: Env, name: SettingName): string | undefined {
  return env[name];
}

/** An integer setting: unset or empty → the catalog's default; not an integer, or below its minimum → ConfigError. */
export function readInteger(env: Env, name: SettingNameOf<'integer'>): number {
  const { default: fallback, min } = SETTINGS[name];
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}; got ${raw}`);
  return value;
}

/** A share in (0, 1]. */
export function readFraction(env: Env, name: SettingNameOf<'fraction'>): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return SETTINGS[name].default;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1) throw new ConfigError(`${name} must be a number greater than 0 and at most 1; got ${raw}`);
  return value;
}

/** On: `1`, `true`, `yes`, `on` in any case; any other non-empty value is off (long-standing, lenient on purpose). */
export function readSwitch(env: Env, name: SettingNameOf<'switch'>): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return SETTINGS[name].default;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}
