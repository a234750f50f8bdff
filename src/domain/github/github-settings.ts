import { readSetting, type Env } from '../../settings/read-setting.js';

/** GitHub settings from the environment; src/settings/catalog.ts declares each variable. */
export interface GitHubSettings {
  /** The REST API base, without a trailing slash: https://api.github.com, or GitHub Enterprise's `https://HOST/api/v3`. */
  apiUrl: string;
}

export function loadGitHubSettings(env: Env): GitHubSettings {
  const raw = (readSetting(env, 'GITHUB_API_URL') || 'https://api.github.com').trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('GITHUB_API_URL must be an absolute http(s) URL, e.g. https://api.github.com or https://github.example.com/api/v3');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('GITHUB_API_URL must use https (or http for a local stand-in).');
  return { apiUrl: raw.replace(/\/+$/, '') };
}
