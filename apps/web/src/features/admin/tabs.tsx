import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

/** Must match the breakpoint in admin.css: the sections in a column beside the panel. */
const SIDE_QUERY = '(min-width: 64rem)';

export type TabItem<Id extends string> = { id: Id; label: string; content: ReactNode };

type TabsProps<Id extends string> = {
  label: string;
  tabs: readonly TabItem<Id>[];
  selectedId: Id;
  onSelect: (id: Id) => void;
};

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. On a wide
 * screen the tabs are a column beside the panel (vertical), on a narrow one rows that wrap, so
 * every section shows at any width.
 */
export function Tabs<Id extends string>({ label, tabs, selectedId, onSelect }: TabsProps<Id>) {
  const baseId = useId();
  const isSide = useMediaQuery(SIDE_QUERY);
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selectedId);
    const last = tabs.length - 1;
    const nextIndex: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = nextIndex[event.key];
    if (target === undefined) return;
    const tab = tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  return (
    <div className="tabs">
      <div
        className="tabs__list"
        role="tablist"
        aria-label={label}
        aria-orientation={isSide ? 'vertical' : 'horizontal'}
        onKeyDown={handleKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel the Tab stop after the tab list, as its content starts with a heading, not a control.
          tabIndex={0}
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== selectedId}
          className="tabs__panel"
        >
          {tab.id === selectedId && tab.content}
        </div>
      ))}
    </div>
  );
}
