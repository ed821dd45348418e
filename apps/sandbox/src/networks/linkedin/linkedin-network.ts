import { HttpError, type Route } from '../../http.js';
import { demoLinkedInMembers } from '../demo-accounts.js';
import type { NetworkContext } from '../network.js';
import { createPost, getImage, initializeImageUpload, uploadImage, userinfo } from './linkedin-api.js';
import { createLinkedInControlRoute } from './linkedin-controls.js';
import type { LinkedInDeps } from './linkedin-deps.js';
import { batchSocialActions } from './linkedin-social-actions.js';
import { findPostsByAuthor } from './linkedin-posts-finder.js';
import { accessToken, authorization, revoke } from './linkedin-oauth.js';
import { LinkedInState, personUrn } from './linkedin-state.js';

/** `/linkedin` stands for https://www.linkedin.com, `/linkedin/api` for https://api.linkedin.com. */
const LINKEDIN_PREFIX = '/linkedin';
const API_PREFIX = '/api';

/** The scopes FitPost asks for; bulk accounts are created as if they had granted them all. */
const FULL_SCOPES = ['email', 'openid', 'profile', 'w_member_social'];

export interface LinkedInAccountCredentials {
  id: string;
  urn: string;
  name: string;
  accessToken: string;
}

/** The LinkedIn stand-in: OAuth 2.0 authorization code flow, /v2/userinfo, Posts (create, find by author) and Images APIs. */
export class LinkedInNetwork {
  private readonly deps: LinkedInDeps;

  constructor(context: NetworkContext, client: { clientId: string; clientSecret: string }) {
    const state = new LinkedInState();
    for (const member of demoLinkedInMembers) state.addMember(member);
    this.deps = { state, context, client, demoMemberIds: demoLinkedInMembers.map((member) => member.id) };
  }

  route(): Route {
    return {
      prefix: LINKEDIN_PREFIX,
      handle: (req, res, url) => {
        const path = url.pathname.slice(LINKEDIN_PREFIX.length);
        const deps = this.deps;
        switch (path) {
          case '/oauth/v2/authorization':
            return authorization(deps, req, res, url);
          case '/oauth/v2/accessToken':
            return accessToken(deps, req, res);
          case '/oauth/v2/revoke':
            return revoke(deps, req, res);
          case `${API_PREFIX}/v2/userinfo`:
            return userinfo(deps, req, res);
          case `${API_PREFIX}/rest/posts`:
            return req.method === 'GET' ? findPostsByAuthor(deps, req, res, url) : createPost(deps, req, res);
          case `${API_PREFIX}/rest/socialActions`:
            return batchSocialActions(deps, req, res, url);
          case `${API_PREFIX}/rest/images`:
            return initializeImageUpload(deps, req, res, url);
        }
        const image = /^\/api\/rest\/images\/([^/]+)$/.exec(path)?.[1];
        if (image) return getImage(deps, req, res, decodeURIComponent(image));
        const upload = /^\/dms-uploads\/([\w-]+)$/.exec(path)?.[1];
        if (upload) return uploadImage(deps, req, res, upload);
        throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
      },
    };
  }

  /** Test controls under /_sandbox/linkedin: token lifetimes and revoking a member's authorization. */
  controlRoute(): Route {
    return createLinkedInControlRoute(this.deps.state);
  }

  nameOf(id: string): string | undefined {
    const member = this.deps.state.members.get(id);
    return member && `${member.givenName} ${member.familyName}`;
  }

  /** Adds members who have already authorized FitPost, for load tests. */
  createAccounts(count: number, prefix: string): LinkedInAccountCredentials[] {
    return Array.from({ length: count }, (_, index) => {
      const member = this.deps.state.addMember({
        givenName: prefix,
        familyName: String(index + 1),
        email: `${prefix}.${index + 1}@example.com`,
      });
      return {
        id: member.id,
        urn: personUrn(member.id),
        name: `${member.givenName} ${member.familyName}`,
        accessToken: this.deps.state.issueAccessToken(member, FULL_SCOPES),
      };
    });
  }
}
