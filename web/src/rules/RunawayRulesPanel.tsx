import { useId, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorNotice } from '../components/ErrorNotice';
import { AddRunawayRuleMutation, RemoveRunawayRuleMutation, RunawayRulesQuery, UpdateRunawayRuleMutation } from '../operations/runaway-rules';
import { OrganisationWorkflowsQuery } from '../operations/workflows';
import { RuleForm } from './RuleForm';
import { describeRule, EMPTY_DRAFT, ruleInput, type RuleAction, type RuleDraft, type RuleKind } from './rule-text';

interface Props {
  organisationId: string;
}

/** An empty list names no RunawayRule: say which type it holds, so an added rule refreshes it. (Stable: urql compares it.) */
const RULES_CONTEXT = { additionalTypenames: ['RunawayRule'] };

/** A workflow's runaway rules: listed in words, added, edited and removed. */
export function RunawayRulesPanel({ organisationId }: Props) {
  const [workflows] = useQuery({ query: OrganisationWorkflowsQuery, variables: { organisationId } });
  const [chosen, setChosen] = useState('');
  const list = workflows.data?.organisation.workflows ?? [];
  const workflowId = chosen || list[0]?.id || '';
  const [rules] = useQuery({ query: RunawayRulesQuery, variables: { id: workflowId }, pause: !workflowId, context: RULES_CONTEXT });
  const [added, add] = useMutation(AddRunawayRuleMutation);
  const [updated, update] = useMutation(UpdateRunawayRuleMutation);
  const [removed, remove] = useMutation(RemoveRunawayRuleMutation);
  const [editing, setEditing] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const pickerId = useId();

  const create = async (draft: RuleDraft) => {
    const result = await add({ workflowId, rule: ruleInput(draft) as never }, RULES_CONTEXT);
    if (!result.error) setFormKey((key) => key + 1);
  };
  const save = async (id: string, draft: RuleDraft) => {
    const result = await update({ id, rule: ruleInput(draft) as never }, RULES_CONTEXT);
    if (!result.error) setEditing(undefined);
  };
  const shown = rules.data?.workflow.runawayRules ?? [];

  return (
    <section className="panel" aria-labelledby="rules-title">
      <div className="panel-head">
        <h2 id="rules-title">Runaway rules</h2>
        <div className="inline-form">
          <label htmlFor={pickerId}>Workflow</label>
          <select id={pickerId} value={workflowId} onChange={(event) => { setChosen(event.target.value); setEditing(undefined); }} disabled={list.length === 0}>
            {list.map((workflow) => <option key={workflow.id} value={workflow.id}>{workflow.name}</option>)}
          </select>
        </div>
      </div>
      <p className="muted">Broken by the agent, a rule pauses or kills its workflow by itself; the reason shows on the workflow and reaches the SDK.</p>
      <ErrorNotice error={workflows.error ?? rules.error ?? removed.error} />
      {list.length === 0 && workflows.data && <p className="empty">No workflows yet.</p>}
      {rules.data && shown.length === 0 && <p className="empty">No rules for this workflow.</p>}
      {shown.length > 0 && (
        <ul className="rules">
          {shown.map((rule) => {
            const typed = { ...rule, kind: rule.kind as RuleKind, action: rule.action as RuleAction };
            return (
              <li key={rule.id} data-rule={rule.id}>
                {editing === rule.id ? (
                  <>
                    <RuleForm
                      initial={{ kind: typed.kind, limit: String(rule.limit), windowSeconds: String(rule.windowSeconds), toolPattern: rule.toolPattern ?? '', action: typed.action }}
                      submitLabel="Save rule"
                      busy={updated.fetching}
                      onSubmit={(draft) => void save(rule.id, draft)}
                      onCancel={() => setEditing(undefined)}
                    />
                    <ErrorNotice error={updated.error} />
                  </>
                ) : (
                  <div className="rule">
                    <span className={`tag tag-${rule.action}`}>{rule.action}</span>
                    <span className="rule-text">{describeRule(typed)}</span>
                    <span className="actions">
                      <button type="button" className="button-quiet" onClick={() => setEditing(rule.id)}>Edit</button>
                      <button type="button" className="button-quiet" onClick={() => void remove({ id: rule.id }, RULES_CONTEXT)} disabled={removed.fetching}>Remove</button>
                    </span>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {workflowId && (
        <>
          <h3 className="subhead">Add a rule</h3>
          <RuleForm key={`${workflowId}:${formKey}`} initial={EMPTY_DRAFT} submitLabel="Add rule" busy={added.fetching} onSubmit={(draft) => void create(draft)} />
          <ErrorNotice error={added.error} />
        </>
      )}
    </section>
  );
}
