import type { Tag } from '@fitpost/contract';
import { useState, type RefObject } from 'react';
import { useDisclosure } from '@/components/use-disclosure';

/** From this many tags on, the list has a box to find one by name (as antd's Select searched). */
const findFrom = 8;

interface TagFilterProps {
  /** Searchable tags only: the ones members may filter by. */
  tags: Tag[];
  loading: boolean;
  value: string[];
  onChange: (tagIds: string[]) => void;
}

/**
 * Browse Library's tag filter: a button showing the chosen tags ("Any tag" when none) that opens a
 * list of checkboxes, one per tag. Plain elements (the library loads no antd on its first screen):
 * Tab reaches the boxes, Space ticks one, Escape or a click elsewhere closes the list.
 */
export function TagFilter({ tags, loading, value, onChange }: TagFilterProps) {
  const { open, toggle, rootRef, buttonRef, listId, handleBlur } = useDisclosure();
  const [find, setFind] = useState('');
  const chosen = tags.filter((tag) => value.includes(tag.id)).map((tag) => tag.name);
  const shown = tags.filter((tag) => tag.name.toLowerCase().includes(find.trim().toLowerCase()));
  const summary = chosen.length > 0 ? chosen.join(', ') : value.length > 0 && loading ? 'Loading…' : null;

  function toggleTag(id: string, on: boolean) {
    onChange(on ? [...value, id] : value.filter((chosenId) => chosenId !== id));
  }

  return (
    <div className="tag-filter toolbar-select" ref={rootRef as RefObject<HTMLDivElement>} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="plain-select tag-filter-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
      >
        <span className="visually-hidden">Tags:</span>{' '}
        <span className={summary ? 'tag-filter-summary' : 'tag-filter-summary tag-filter-placeholder'}>
          {summary ?? 'Any tag'}
        </span>
      </button>
      {open ? (
        <fieldset id={listId} className="tag-filter-panel">
          <legend className="visually-hidden">Tags</legend>
          {tags.length >= findFrom ? (
            <input
              type="search"
              className="plain-input tag-filter-find"
              aria-label="Find a tag"
              placeholder="Find a tag"
              value={find}
              onChange={(event) => setFind(event.target.value)}
            />
          ) : null}
          {shown.map((tag) => (
            <label key={tag.id} className="plain-checkbox tag-filter-option">
              <input
                type="checkbox"
                checked={value.includes(tag.id)}
                onChange={(event) => toggleTag(tag.id, event.target.checked)}
              />
              {tag.name}
            </label>
          ))}
          {shown.length === 0 ? (
            <p className="muted tag-filter-none">{loading ? 'Loading…' : 'No tags'}</p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
