import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';

/** Social Platforms: connections arrive with a later issue; the button is here, switched off. */
export function SocialPlatformsTab() {
  return (
    <section aria-labelledby="social-platforms-title">
      <div className="tab-header">
        <h2 id="social-platforms-title" className="section-title">
          Social Platforms
        </h2>
        <Button type="primary" icon={<PlusOutlined />} disabled aria-describedby="social-platforms-note">
          Add New Connection
        </Button>
      </div>
      <p id="social-platforms-note" className="muted">
        Connecting X, LinkedIn, Facebook and Instagram arrives in a later release of FitPost.
      </p>
      <Empty description="No social platforms connected yet." />
    </section>
  );
}
