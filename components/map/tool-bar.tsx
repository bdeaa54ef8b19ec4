'use client';

import { Button, Group } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ToolIcon } from './tool-icons';
import type { MapTool } from './types';

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export interface ToolBarProps {
  tools: MapTool[];
  active: MapTool | null;
  /** Accessible name of the toolbar. */
  label: string;
  toolLabel: (tool: MapTool) => string;
  onToggle: (tool: MapTool) => void;
}

/**
 * The draw / measure tools as toggle buttons (aria-pressed). One tab stop: arrow keys, Home and End
 * move between the buttons (ARIA toolbar pattern); Enter or Space toggles a tool.
 */
export function ToolBar({ tools, active, label, toolLabel, onToggle }: ToolBarProps) {
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(focusIndex, tools.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const index = next(current, tools.length);
    setFocusIndex(index);
    buttons.current[index]?.focus();
  };

  return (
    <Group role="toolbar" aria-label={label} gap={6} wrap="wrap" p={6} onKeyDown={onKeyDown}>
      {tools.map((tool, index) => (
        <Button
          key={tool}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          variant={active === tool ? 'filled' : 'default'}
          h={40}
          px="sm"
          aria-pressed={active === tool}
          tabIndex={index === current ? 0 : -1}
          leftSection={<ToolIcon tool={tool} />}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onToggle(tool)}
        >
          {toolLabel(tool)}
        </Button>
      ))}
    </Group>
  );
}
