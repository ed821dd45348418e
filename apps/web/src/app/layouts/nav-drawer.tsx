import { CloseOutlined } from '@ant-design/icons';
import { layout } from '@fitpost/contract';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { PlainButton } from '@/components/plain-controls';
import { NavMenu } from './nav-menu';

/**
 * The sidebar as a modal drawer sliding in from the left, below 992 px; drawn while open. Plain
 * markup (antd's Drawer would bring antd's core into every phone's first load): focus moves into
 * it and back to the toggle when it closes, Escape, Close and a tap beside it close it, and the
 * shell makes the rest of the page inert while it is open (app-layout.tsx).
 */
export function NavDrawer({ isAdmin, onClose }: { isAdmin: boolean; onClose: () => void }) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !panelRef.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
      document.body.style.overflow = overflow;
      // Once React has lifted `inert` from the shell: an inert toggle could not take focus.
      requestAnimationFrame(() => opener?.focus());
    };
  }, []);

  return (
    <div className="nav-drawer">
      <div className="nav-drawer-mask" aria-hidden="true" />
      <div
        ref={panelRef}
        className="nav-drawer-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width: `min(${layout.drawerWidth}px, 100vw)` }}
      >
        <div className="nav-drawer-header">
          <PlainButton
            variant="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label="Close"
            onClick={onClose}
          />
          <div id={titleId} className="nav-drawer-title">
            FitPost
          </div>
        </div>
        <nav aria-label="Main">
          <NavMenu isAdmin={isAdmin} onNavigate={onClose} />
        </nav>
      </div>
    </div>
  );
}
