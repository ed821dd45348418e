import { emailTexts, unsubscribeQuery } from '@fitpost/contract';
import { Alert, Button } from 'antd';
import { useSearchParams } from 'react-router';
import { PublicPage } from '@/components/public-page';
import { ApiError, errorText } from '@/lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';

/**
 * /unsubscribe?token=: an email's unsubscribe link, no sign-in needed. It asks first (mail
 * scanners open links nobody clicked), then stops that kind of email for the link's member.
 */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = unsubscribeQuery.safeParse({ token: params.get('token') ?? '' });
  const unsubscribe = useUnsubscribe();

  if (!token.success)
    return (
      <PublicPage title={emailTexts.unsubscribeTitle}>
        <p>{emailTexts.badLink}</p>
      </PublicPage>
    );
  if (unsubscribe.isSuccess)
    return (
      <PublicPage title={emailTexts.unsubscribeTitle}>
        <p role="status">{emailTexts.unsubscribed(unsubscribe.data.label)}</p>
      </PublicPage>
    );
  return (
    <PublicPage title={emailTexts.unsubscribeTitle}>
      <p>{emailTexts.unsubscribeAsk}</p>
      {unsubscribe.isError ? (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title={
            unsubscribe.error instanceof ApiError && unsubscribe.error.status === 403
              ? unsubscribe.error.text === emailTexts.expiredLink
                ? emailTexts.expiredLink
                : emailTexts.badLink
              : errorText(unsubscribe.error)
          }
        />
      ) : null}
      <div className="public-page-actions">
        <Button
          type="primary"
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate(token.data.token)}
        >
          {emailTexts.unsubscribeButton}
        </Button>
      </div>
    </PublicPage>
  );
}
