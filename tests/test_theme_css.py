"""Material's style sheet loses only the rules of the features the site's configuration leaves off."""

from trickbook_site import theme_css

SHEET = ('.md-typeset .tabbed-set{display:flex}.md-typeset .admonition,.md-typeset .tabbed-labels{margin:0}'
         '.md-typeset :is(.admonition,.tabbed-set){color:red}[dir=rtl] .md-nav{left:0}'
         '@media screen and (min-width:60em){.md-typeset .tabbed-block{order:1}.md-nav{top:0}}'
         '@media print{.md-typeset .tabbed-set{display:none}}'
         '@font-face{font-family:x;src:url("a{b}.woff")}.md-header:after{content:"}"}')
PLAIN = {"markdown_extensions": ["admonition", {"toc": {"permalink": True}}], "plugins": ["search"],
         "theme": {"name": "material", "features": ["content.code.copy"]}}


def test_a_feature_left_off_loses_its_rules_and_a_shared_rule_keeps_the_others():
    trimmed = theme_css.trim(SHEET, theme_css.unused_marks(PLAIN, ["en", "fr"]))
    assert trimmed == ('.md-typeset .admonition{margin:0}.md-typeset :is(.admonition,.tabbed-set){color:red}'
                       '@media screen and (min-width:60em){.md-nav{top:0}}'
                       '@font-face{font-family:x;src:url("a{b}.woff")}.md-header:after{content:"}"}')


def test_a_feature_turned_on_keeps_its_rules_and_a_right_to_left_language_its_own():
    config = {**PLAIN, "markdown_extensions": ["admonition", {"pymdownx.tabbed": {"alternate_style": True}}]}
    assert theme_css.trim(SHEET, theme_css.unused_marks(config, ["en", "ar"])) == SHEET


def test_every_mark_is_a_feature_of_the_default_site_left_off():
    marks = theme_css.unused_marks({**PLAIN, "repo_url": "https://example.org/x"}, ["en"])
    assert ".md-source" not in marks and ".tabbed-" in marks and "[dir=rtl]" in marks
