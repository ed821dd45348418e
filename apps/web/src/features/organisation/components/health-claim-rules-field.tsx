import { healthClaimLimits, healthClaimRuleIds, healthClaimRules } from '@fitpost/contract';
import { Button, Checkbox, Form, Input } from 'antd';

/**
 * The organisation's health-claim rules (issue 30): which built-in rules check captions, and its
 * own phrases with a safer wording. Part of the settings form (`claimRulesOn`, `claimPhrases`).
 */
export function HealthClaimRulesField() {
  return (
    <>
      <h2 className="section-title">Health-claim checks</h2>
      <p className="muted">
        Captions with these claims warn members as they write, and Auto-Posts need an admin to check them.
        Once saved, the library’s warnings and those of scheduled Auto-Posts are checked again with the new
        rules, within a minute or so.
      </p>
      <Form.Item name="claimRulesOn" label="Rules in use">
        <Checkbox.Group
          options={healthClaimRuleIds.map((id) => ({ value: id, label: healthClaimRules[id].name }))}
        />
      </Form.Item>
      <Form.List name="claimPhrases">
        {(fields, { add, remove }) => (
          <fieldset className="claim-phrases">
            <legend className="composer-label">Phrases to warn about</legend>
            {fields.map((field, index) => (
              <div key={field.key} className="row-actions">
                <Form.Item
                  name={[field.name, 'phrase']}
                  label={`Phrase ${index + 1}`}
                  rules={[{ required: true, min: 2, message: 'Enter a phrase of at least 2 characters' }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
                <Form.Item name={[field.name, 'suggestion']} label={`Safer wording ${index + 1}`}>
                  <Input maxLength={200} />
                </Form.Item>
                <Button onClick={() => remove(field.name)} aria-label={`Remove phrase ${index + 1}`}>
                  Remove
                </Button>
              </div>
            ))}
            {fields.length < healthClaimLimits.maxPhrases ? (
              <Button onClick={() => add({ phrase: '', suggestion: '' })}>Add a phrase</Button>
            ) : null}
          </fieldset>
        )}
      </Form.List>
    </>
  );
}
