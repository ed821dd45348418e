import { messages } from '@fitpost/contract';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { usePublicConfig } from '../api/get-public-config';

/** The sign-in failure view (spec §2, §8): why, whom to ask, and a way to try again. */
export function NoAccess({ reason, portalId = null }: { reason: string; portalId?: number | null }) {
  const navigate = useNavigate();
  // The portal the refused sign-in belongs to, when the server said: its own support address.
  const { data: config } = usePublicConfig(portalId);
  const organisation = config?.organisationName ?? 'your organization';

  return (
    <PublicPage title={messages['noAccess.title']}>
      <p>
        We couldn&apos;t sign you in to FitPost. FitPost comes with your {organisation} membership; if you
        think you should have access, please contact customer service.
      </p>
      <p className="no-access-reason">Reason: {reason}</p>
      <div className="public-page-actions">
        <Button href={config ? `mailto:${config.supportEmail}` : undefined} disabled={!config}>
          Email Customer Service
        </Button>
        <Button type="primary" onClick={() => void navigate('/thirdpartysignin')}>
          {messages['action.loginAgain']}
        </Button>
      </div>
    </PublicPage>
  );
}
