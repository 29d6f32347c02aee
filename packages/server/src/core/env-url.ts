/**
 * An http(s) URL from the environment variable `name`, else `fallback`, without trailing slashes.
 * A malformed one stops the server at start with a sentence naming the variable.
 */
export function envUrl(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value))
    throw new Error(`${name} must be an http(s) URL, got ${value}.`);
  return value.replace(/\/+$/, '');
}
