/* The Targui table for the referee. */
#include "games/targui/targui.h"

static const char *const tu_kinds[] = { "sector", "settlement", "turn", NULL };

const struct game_rules targui_rules = {
	.name = "targui",
	.title = "Targui",
	.min_seats = 2,
	.max_seats = 4,
	.options = tu_options,
	.decision_kinds = tu_kinds,
	.state_size = sizeof(struct tu_state),
	.load = tu_load,
	.setup = tu_setup,
	.parse = tu_parse,
	.apply = tu_apply,
	.waiting_for = tu_waiting_for,
	.legal = tu_legal,
	.order_text = tu_order_text,
	.default_order = tu_default_order,
	.view = tu_view,
	.order_spot = tu_order_spot,
	.secrets = tu_secrets,
	.redeal = tu_redeal,
	.reward = tu_reward,
	.serialize = tu_serialize,
	.check = tu_check,
	.legal_summary = tu_legal_summary,
	.closes_nothing = tu_closes_nothing,
};
