import { Button, message } from 'antd';
import { useTour } from '@/lib/use-tour';

/** Help: the tour of the sidebar can be shown again. */
export function HelpTab() {
  const [messageApi, messageHolder] = message.useMessage();
  const tour = useTour();

  function handleReset() {
    tour.restart();
    void messageApi.success('The tour will start the next time you open Recommended Posts.');
  }

  return (
    <section aria-labelledby="help-title">
      {messageHolder}
      <h2 id="help-title" className="section-title">
        Help
      </h2>
      <p>
        The first time you open Recommended Posts, a short tour shows how to connect your accounts, pick a
        post from the library and add it to your queue. Reset the tutorial to see it again — or choose
        &lsquo;Take a Tour&rsquo; in the top bar at any time.
      </p>
      <Button onClick={handleReset}>Reset Tutorial</Button>
    </section>
  );
}
