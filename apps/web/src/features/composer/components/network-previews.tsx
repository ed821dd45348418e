import { networkNames, type Network, type SocialConnection } from '@fitpost/contract';
import type { ComponentType } from 'react';
import type { Graphic } from '@/components/graphic-upload/graphic';
import { postText } from '../model/post-text';
import { NetworkIcon } from '@/components/network-icon';
import {
  FacebookPreview,
  InstagramPreview,
  LinkedInPreview,
  XPreview,
  type PreviewCardProps,
} from './preview-cards';

const cards: Record<Network, ComponentType<PreviewCardProps>> = {
  x: XPreview,
  linkedin: LinkedInPreview,
  facebook: FacebookPreview,
  instagram: InstagramPreview,
};

interface NetworkPreviewsProps {
  connections: SocialConnection[];
  body: string;
  link: string;
  graphic: Graphic | null;
  when: string;
}

/** The post as it will look on each chosen account's network. */
export function NetworkPreviews({ connections, body, link, graphic, when }: NetworkPreviewsProps) {
  const text = postText(body, link);
  return (
    <section className="panel composer-previews" aria-labelledby="composer-preview-title">
      <h2 id="composer-preview-title" className="card-title">
        Preview
      </h2>
      {connections.length === 0 ? (
        <p className="composer-hint">Choose a social network to see how your post will look there.</p>
      ) : (
        connections.map((connection) => {
          const Card = cards[connection.network];
          const headingId = `preview-${connection.id}`;
          return (
            <article
              key={connection.id}
              className="composer-preview"
              aria-labelledby={headingId}
              data-network={connection.network}
            >
              <h3 id={headingId} className="composer-preview-title">
                <NetworkIcon network={connection.network} /> {networkNames[connection.network]} preview
                <span className="visually-hidden"> for {connection.accountName}</span>
              </h3>
              <Card
                connection={connection}
                text={text}
                body={body}
                link={link}
                graphic={graphic}
                when={when}
              />
            </article>
          );
        })
      )}
    </section>
  );
}
