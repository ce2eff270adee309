import { useTooltipText } from '../../../forms/use-tooltips';
import { TooltipIcon } from '../../../ui/tooltip-icon';

/** The admin's tooltip of a whole section, beside its legend; nothing when the key has no active text. */
export function LegendTooltip({ tooltipKey }: { tooltipKey: string }) {
  const text = useTooltipText(tooltipKey);
  return text ? <TooltipIcon text={text} /> : null;
}
