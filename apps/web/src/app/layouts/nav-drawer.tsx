import { layout } from '@fitpost/contract';
import { Drawer } from 'antd';
import { NavMenu } from './nav-menu';

/** The sidebar as a slide-in drawer below antd's `lg` breakpoint; its own chunk, loaded on narrow screens. */
export function NavDrawer({
  open,
  isAdmin,
  onClose,
}: {
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      title="FitPost"
      placement="left"
      size={layout.drawerWidth}
      open={open}
      onClose={onClose}
      className="app-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <nav aria-label="Main">
        <NavMenu isAdmin={isAdmin} onNavigate={onClose} />
      </nav>
    </Drawer>
  );
}
