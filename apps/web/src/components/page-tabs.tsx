import { Tabs, type TabsProps } from 'antd';
import './page-tabs.css';

/**
 * Every tab bar of the app. The tabs wrap onto a second line when they do not fit (a 390 px phone)
 * instead of folding into antd's 'more' menu: that menu puts a button inside the tablist, which axe
 * reports as aria-required-children, and hides tabs behind one more tap.
 */
export function PageTabs({ className, ...rest }: Omit<TabsProps, 'more' | 'tabPosition'>) {
  return <Tabs {...rest} className={['page-tabs', className].filter(Boolean).join(' ')} />;
}
