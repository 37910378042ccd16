"""trickbook_site: the generator of the multilingual site and the `trickbook` command.

It imports the engine (`trickbook`); the engine never imports it.
"""
