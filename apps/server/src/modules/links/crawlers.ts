/**
 * Link-preview fetchers and crawlers, by their user agents: a network drawing a card for the link,
 * a chat app unfurling it, a search engine indexing it. Their fetches are counted as previews, never
 * as clicks. A request without a user agent is a script, not a person: a preview too.
 */
const previewAgents = [
  // Networks' card fetchers.
  'twitterbot',
  'linkedinbot',
  'facebookexternalhit',
  'facebookcatalog',
  'meta-externalagent',
  'pinterestbot',
  'redditbot',
  'embedly',
  'iframely',
  'skypeuripreview',
  'bitlybot',
  // Chat apps' unfurlers.
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'kakaotalk-scrap',
  'applebot',
  'google-pagerenderer',
  'microsoftpreview',
  // Search engines.
  'googlebot',
  'google-inspectiontool',
  'adsbot-google',
  'mediapartners-google',
  'feedfetcher-google',
  'bingbot',
  'bingpreview',
  'duckduckbot',
  'yandex',
  'baiduspider',
  'petalbot',
  'sogou',
  // Generic tools and bots.
  'bot',
  'crawler',
  'spider',
  'preview',
  'curl/',
  'wget/',
  'python-requests',
  'httpclient',
  'go-http-client',
  'okhttp',
].map((agent) => agent.toLowerCase());

/** Whether a request with this User-Agent is a crawler or link-preview fetch rather than a person's click. */
export function isPreviewFetch(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  const ua = userAgent.toLowerCase();
  return previewAgents.some((agent) => ua.includes(agent));
}
