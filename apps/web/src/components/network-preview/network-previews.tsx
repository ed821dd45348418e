import { networkNames, type Network, type SocialConnection } from '@fitpost/contract';
import { useId, type ComponentType, type ReactNode } from 'react';
import type { Graphic } from '@/components/graphic-upload/graphic';
import { NetworkIcon } from '@/components/network-icon';
import {
  FacebookPreview,
  InstagramPreview,
  LinkedInPreview,
  XPreview,
  type PreviewAccount,
  type PreviewCardProps,
} from './preview-cards';
import { postText } from './preview-text';
import './network-preview.css';

/** Each network's card: the post as that network's feed shows it. */
const previewCards: Record<Network, ComponentType<PreviewCardProps>> = {
  x: XPreview,
  linkedin: LinkedInPreview,
  facebook: FacebookPreview,
  instagram: InstagramPreview,
};

interface NetworkPreviewCardProps extends Omit<PreviewCardProps, 'connection'> {
  headingId: string;
  /** The heading's level where the card sits. */
  level: 3 | 4;
  account: PreviewAccount;
  /** Shown under the card (e.g. the link as sent). */
  children?: ReactNode;
}

/** One network's card under its heading ("X preview", and for whom to screen readers). */
export function NetworkPreviewCard({
  headingId,
  level,
  account,
  children,
  ...post
}: NetworkPreviewCardProps) {
  const Card = previewCards[account.network];
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <article className="network-preview" aria-labelledby={headingId} data-network={account.network}>
      <Heading id={headingId} className="network-preview-title">
        <NetworkIcon network={account.network} /> {networkNames[account.network]} preview
        <span className="visually-hidden"> for {account.accountName}</span>
      </Heading>
      <Card connection={account} {...post} />
      {children}
    </article>
  );
}

interface NetworkPreviewsProps {
  connections: SocialConnection[];
  body: string;
  link: string;
  graphic: Graphic | null;
  when: string;
  /** Said when there is no account to show it on. */
  emptyHint?: string;
}

/** The post as it will look on each chosen account's network (the composer, the content preview). */
export function NetworkPreviews({
  connections,
  body,
  link,
  graphic,
  when,
  emptyHint = 'Choose a social network to see how your post will look there.',
}: NetworkPreviewsProps) {
  const text = postText(body, link);
  const ids = useId();
  return (
    <section className="panel network-previews" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="card-title">
        Preview
      </h2>
      {connections.length === 0 ? (
        <p className="network-preview-hint">{emptyHint}</p>
      ) : (
        connections.map((connection) => (
          <NetworkPreviewCard
            key={connection.id}
            headingId={`${ids}-${connection.id}`}
            level={3}
            account={connection}
            text={text}
            body={body}
            link={link}
            graphic={graphic}
            when={when}
          />
        ))
      )}
    </section>
  );
}
