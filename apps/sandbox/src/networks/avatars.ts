import { allowMethods, HttpError, send, type Route } from '../http.js';
import { initialsAvatarSvg } from '../member-pages.js';
import { NETWORKS, type NetworkName } from './network-names.js';

/** Looks up the display name of a network's account, for its avatar. */
export type AccountNameLookup = (id: string) => string | undefined;

const AVATAR_PATH = /^\/avatars\/networks\/(x|linkedin|facebook|instagram)\/([\w-]+)\.svg$/;

/** The URL of an account's picture, as the networks hand it out (profile_image_url, picture, …). */
export function networkAvatarUrl(publicUrl: string, network: NetworkName, id: string): string {
  return `${publicUrl}/avatars/networks/${network}/${id}.svg`;
}

/** `/avatars/networks/<network>/<id>.svg`: every network account's picture, initials on a circle. */
export function createNetworkAvatarsRoute(lookups: Record<NetworkName, AccountNameLookup>): Route {
  return {
    prefix: '/avatars/networks',
    handle: (req, res, url) => {
      allowMethods(req, ['GET', 'HEAD']);
      const match = AVATAR_PATH.exec(url.pathname);
      const network = NETWORKS.find((name) => name === match?.[1]);
      const id = match?.[2];
      const name = network && id ? lookups[network](id) : undefined;
      if (!name || !id) throw new HttpError(404, 'not_found', 'There is no such account.');
      send(res, 200, 'image/svg+xml; charset=utf-8', initialsAvatarSvg(name, id), 'public, max-age=3600');
    },
  };
}
