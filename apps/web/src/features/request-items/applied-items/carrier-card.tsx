/**
 * Who carries a delivery a driver manager won (DESIGN §5 "Carrier companies"): the manager
 * picks one of its active drivers or itself, and may change it until the carrier confirms
 * receipt at pickup. The assigned driver is told by a notification.
 */
import { type TRequestItemDetail } from '@logi/contract';
import { MANAGER_DRIVERS_TEXT } from '../../../texts/manager-drivers';
import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Notice } from '../../../components/ui/page-panel';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../lib/toast';
import { DetailSection } from '../../../components/request-item';
import { companyDriversQuery, useAssignCarrier } from './queries';

const T = MANAGER_DRIVERS_TEXT.carrier;

export function CarrierCard({
  item,
  manager,
  editable,
}: {
  item: TRequestItemDetail;
  manager: { id: string; name: string };
  /** Before the carrier's receipt confirmation. */
  editable: boolean;
}) {
  const drivers = useQuery({ ...companyDriversQuery(), enabled: editable });
  const assign = useAssignCarrier(item.id);
  const current = item.carrierId ?? manager.id;
  const [chosen, setChosen] = useState(current);
  const selectId = useId();
  const currentName = item.carrier?.name ?? T.self(manager.name);

  if (!editable) {
    return (
      <DetailSection title={T.heading}>
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="carrier-name">
          <UserCheck aria-hidden className="size-4" />
          {currentName}
        </p>
        <p className="text-xs text-muted-foreground">{T.fixed}</p>
      </DetailSection>
    );
  }
  const options = [
    { value: manager.id, label: T.self(manager.name) },
    ...(drivers.data?.data ?? []).filter((d) => d.status === 'ACTIVE').map((d) => ({ value: d.id, label: d.name })),
  ];
  return (
    <DetailSection title={T.heading}>
      <p className="text-sm text-muted-foreground">{T.description}</p>
      <p className="text-sm">
        {T.current}:{' '}
        <span className="font-medium" data-testid="carrier-name">
          {currentName}
        </span>
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={selectId}>{T.label}</Label>
        <Select
          value={chosen}
          options={options}
          onValueChange={setChosen}
          disabled={drivers.isPending}
          triggerProps={{ id: selectId }}
        />
      </div>
      <Button
        loading={assign.isPending}
        disabled={chosen === current}
        onClick={() => assign.mutate(chosen, { onSuccess: ({ message }) => toast.success(message) })}
      >
        {T.save}
      </Button>
    </DetailSection>
  );
}

/** What the driver sees on a job its manager gave it. */
export function AssignedNotice() {
  return <Notice tone="success">{T.assignedToYou}</Notice>;
}
