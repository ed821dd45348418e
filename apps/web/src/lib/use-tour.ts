import { tourSeenProperty, type UserInfo } from '@fitpost/contract';
import { useUpdateUserProperty } from '@/lib/api/users/update-user-property';
import {
  clearFlag,
  getStoredUser,
  setFlag,
  setStoredUserProperties,
  storageKeys,
  useFlag,
  useStoredUser,
} from '@/lib/session';

/**
 * Whether the getting-started tour is due. The member's `tourSeen` property (on the server, so every
 * browser knows) decides; a member who has none yet falls back on this browser's 'tutorial' flag.
 */
function isTourSeen(user: UserInfo | null, flag: string | null): boolean {
  const property = user?.properties.find((p) => p.name === tourSeenProperty)?.value;
  return property === undefined ? flag !== null : property === 'true';
}

/** Shows the change at once (the stored user re-renders every reader), then saves it. */
function storeLocally(value: 'true' | 'false') {
  const user = getStoredUser();
  if (!user) return;
  const others = user.properties.filter((p) => p.name !== tourSeenProperty);
  setStoredUserProperties([...others, { name: tourSeenProperty, value }]);
}

/** The tour's state for the signed-in member, and the two ways to change it. */
export function useTour() {
  const user = useStoredUser();
  const flag = useFlag(storageKeys.tutorial);
  const update = useUpdateUserProperty();

  function save(value: 'true' | 'false') {
    if (value === 'true') setFlag(storageKeys.tutorial);
    else clearFlag(storageKeys.tutorial);
    storeLocally(value);
    // A failed save only means another browser may show the tour once more.
    if (user) update.mutate({ userId: user.id, name: tourSeenProperty, value });
  }

  return {
    seen: isTourSeen(user, flag),
    /** The member finished or closed the tour. */
    markSeen: () => save('true'),
    /** 'Take a Tour' and 'Reset Tutorial': show it again on Recommended Posts. */
    restart: () => save('false'),
  };
}
