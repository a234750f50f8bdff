/** A setting that cannot be used; the message names the variable, and start-up prints only it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
