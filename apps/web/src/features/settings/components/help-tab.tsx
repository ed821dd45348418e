import { Button, message } from 'antd';
import { clearFlag, storageKeys } from '@/lib/session';

/** Help: the tour of the sidebar can be shown again. */
export function HelpTab() {
  const [messageApi, messageHolder] = message.useMessage();

  function handleReset() {
    clearFlag(storageKeys.tutorial);
    void messageApi.success('The tour will start the next time you open Recommended Posts.');
  }

  return (
    <section aria-labelledby="help-title">
      {messageHolder}
      <h2 id="help-title" className="section-title">
        Help
      </h2>
      <p>
        The first time you open Recommended Posts, a short tour walks you through the sidebar. Reset the
        tutorial to see it again — or choose &lsquo;Take a Tour&rsquo; in the top bar at any time.
      </p>
      <Button onClick={handleReset}>Reset Tutorial</Button>
    </section>
  );
}
